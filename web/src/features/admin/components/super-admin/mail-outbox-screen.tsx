import { formatError } from '@campus/shared/domain/error-catalogue';
import { Alert } from '@/components/ui/alert';
import { secondaryButton } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { useMailOutbox } from '../../api/mail-outbox';

/**
 * /super-admin/mail: without SMTP, the e-mails the app would have sent (verification, password
 * reset) are kept as files; the super admin reads them here and can pass a link on.
 */
export function MailOutboxScreen() {
  const mail = useMailOutbox();
  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">E-mail Outbox</h1>
        <button type="button" className={secondaryButton} onClick={() => mail.refetch()}>
          Refresh
        </button>
      </div>
      {mail.isPending && <Spinner />}
      {mail.error && <Alert>{formatError(mail.error).message}</Alert>}
      {mail.data?.transport === 'smtp' && (
        <p className="text-gray-700">E-mail is sent over SMTP: there is no local outbox to show.</p>
      )}
      {mail.data?.transport === 'outbox' && mail.data.messages.length === 0 && (
        <p className="text-gray-700">No e-mails yet.</p>
      )}
      <ul className="space-y-3">
        {mail.data?.messages.map((message) => (
          <li key={message.id} className="rounded border border-gray-200 bg-white p-4">
            <p className="font-medium">{message.subject}</p>
            <p className="text-sm text-gray-700">
              To {message.to} · {message.date}
            </p>
            <ul className="mt-2 space-y-1">
              {message.links.map((link) => (
                <li key={link}>
                  <a href={link} className="break-all text-orange-800 underline">
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
