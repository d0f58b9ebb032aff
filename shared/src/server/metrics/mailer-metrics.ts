import type { Mailer } from '../mail/mailer';
import type { Metrics } from './metrics';

/** The mailer with its sends counted (campus_mails_sent_total, campus_mail_failures_total). */
export function countMails(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    ...mailer,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mailFailures.inc();
        throw error;
      }
      metrics.mailsSent.inc();
    },
  };
}
