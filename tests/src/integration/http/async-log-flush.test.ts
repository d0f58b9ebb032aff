import { describe, expect, it } from 'vitest';
import { repoRoot, spawnNode } from '../../support/process';

// Every process logs through pino's asynchronous destination (createLogger), so a line may still
// sit in memory when SIGTERM comes; the lifecycle writes it out before the process exits.
const LINES = 20_000;

// A process as api/src/main.ts sets one up: the shared logger and lifecycle, stopped by a signal.
// It logs everything in one go (far more than a pipe holds), says so on stderr, and waits.
const CHILD = `
import { pino } from 'pino';
import { createLogger } from '@campus/shared/server/logger';
import { Lifecycle } from '@campus/shared/server/lifecycle';
const log = createLogger({ level: 'info', service: 'log-flush-test' });
const lifecycle = new Lifecycle(log);
lifecycle.exitOnSignals();
const idle = setInterval(() => {}, 60_000);
lifecycle.add('idle timer', async () => clearInterval(idle));
for (let i = 0; i < ${LINES}; i++) log.info({ line: i, padding: 'x'.repeat(100) }, 'line');
process.stderr.write('destination sync: ' + log[pino.symbols.streamSym].sync + '\\n');
process.stderr.write('logged every line\\n');
`;

describe('logging without blocking', () => {
  it('a process stopped with SIGTERM has written every line it logged', async () => {
    const child = spawnNode(
      ['--import', 'tsx', '--input-type=module', '--eval', CHILD],
      { LOG_LEVEL: 'info' },
      repoRoot,
    );
    await child.waitFor(/logged every line/, 60_000);
    // The lines went to the asynchronous destination, not a synchronous write per line.
    expect(child.output()).toContain('destination sync: false');
    // A reader that falls behind (a busy log shipper) leaves a write in flight when the stop
    // comes: the pipe is full until it reads again.
    child.child.stdout?.pause();
    const closed = new Promise((resolve) => child.child.once('close', resolve));
    child.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    child.child.stdout?.resume();
    expect(await child.exited).toBe(0);
    await closed;

    const lines = child
      .output()
      .split('\n')
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as { msg: string; line?: number });
    const logged = lines.filter((entry) => entry.msg === 'line').map((entry) => entry.line);
    expect(logged).toHaveLength(LINES);
    expect(logged).toEqual(Array.from({ length: LINES }, (_, i) => i));
    expect(lines.at(-1)?.msg).toBe('shutting down');
  }, 90_000);

  it('a lone line is written while the process runs on, not kept until a batch fills', async () => {
    const child = spawnNode(
      [
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        `import { createLogger } from '@campus/shared/server/logger';
const log = createLogger({ level: 'info', service: 'log-flush-test' });
log.info('alone');
setInterval(() => {}, 60_000);`,
      ],
      { LOG_LEVEL: 'info' },
      repoRoot,
    );
    try {
      await child.waitFor(/"msg":"alone"/, 30_000);
    } finally {
      child.child.kill('SIGKILL');
      await child.exited;
    }
  }, 60_000);
});
