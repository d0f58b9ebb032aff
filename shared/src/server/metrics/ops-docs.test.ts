import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createMetrics } from './metrics';
import { registerPipelineGauges } from './pipeline-gauges';

const repoFile = (path: string) =>
  readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

/** Every series name a process exports, histograms with their _bucket, _count and _sum. */
function exportedNames(): Set<string> {
  const metrics = createMetrics();
  // Registered only: nothing is read from these until a scrape.
  registerPipelineGauges(metrics, {
    db: {} as Db,
    queue: () => ({ getJobCounts: async () => ({}) }),
    log: pino({ level: 'silent' }),
  });
  const names = new Set<string>();
  for (const metric of metrics.registry.getMetricsAsArray()) {
    names.add(metric.name);
    for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

describe('the Grafana dashboard, the alert rules and the README', () => {
  const names = exportedNames();

  it.each(['docs/ops/grafana-dashboard.json', 'docs/ops/prometheus-alerts.yml', 'README.md'])(
    '%s uses only metric names the processes export',
    (file) => {
      const used = new Set(repoFile(file).match(/\bcampus_[a-z_]+/g));
      expect(used.size).toBeGreaterThan(5);
      expect([...used].filter((name) => !names.has(name))).toEqual([]);
    },
  );

  it('alert when orders wait more than 10 minutes for their sheet row', () => {
    expect(repoFile('docs/ops/prometheus-alerts.yml')).toContain(
      'max(campus_oldest_order_without_sheet_row_seconds) > 600',
    );
  });

  it.each(['docs/ops/grafana-dashboard.json', 'README.md'])(
    '%s shows every metric of the product',
    (file) => {
      const text = repoFile(file);
      // A histogram's name is in its _bucket or _count series.
      const missing = [...names].filter(
        (name) => !/_(bucket|count|sum)$/.test(name) && !text.includes(name),
      );
      expect(missing).toEqual([]);
    },
  );
});
