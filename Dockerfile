# One image for the scaled deployment; docker-compose.yml runs it as api and as worker.

# Build: every dependency (dev tools included), the web app, then the server bundles with the few
# packages they load (npm run build:server writes dist/server).
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build:web && npm run build:server

# Run: plain JavaScript bundles, the migrations, the built web app and only the packages a bundle
# cannot hold (sharp, PGlite, bull-board's api, msgpackr), at the versions the tests ran with.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# A container listens on its own interfaces; the host decides what reaches it.
ENV HOST=0.0.0.0
# A young generation of 32 MB a half (V8's default is 16): fewer of checkout's short-lived objects
# reach the old generation and its longer collections (decision 020).
ENV NODE_OPTIONS=--max-semi-space-size=32
COPY --from=build /src/dist/server/package.json /src/dist/server/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /src/dist/server ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The process that handles SIGTERM (closes the server, the queues and the database) runs as PID 1
# itself: no npm or shell in between to swallow the signal. docker-compose.yml does the same, and
# runs the worker as `node main-worker.mjs`.
CMD ["node", "main-api.mjs"]
