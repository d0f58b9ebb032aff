# One image for the scaled deployment; docker-compose.yml runs it as api and as worker.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build:web && mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The process that handles SIGTERM (closes the server, the queues and the database) runs as PID 1
# itself: no npm or shell in between to swallow the signal. docker-compose.yml does the same.
CMD ["node", "--import", "tsx", "api/src/main.ts"]
