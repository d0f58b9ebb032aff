import { formatRs } from '@campus/shared/domain/money';
import type { ReactNode } from 'react';

/** One total of a bucket or an order: its label and its amount in Rs, in a `<dl>`. */
export function TotalRow(props: {
  label: ReactNode;
  testId: string;
  paisa: number;
  className?: string;
}) {
  return (
    <div className={`flex justify-between gap-3 ${props.className ?? ''}`}>
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{formatRs(props.paisa)}</dd>
    </div>
  );
}
