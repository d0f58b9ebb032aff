import { StatusMessage } from './status-message';

/** Asks for what is still missing before a campus's `what` (restaurants, mart items) can show. */
export function SelectCampusMessage({
  universityChosen,
  what,
}: {
  universityChosen: boolean;
  what: string;
}) {
  return (
    <StatusMessage
      title={
        universityChosen
          ? `Please select a campus to view ${what}`
          : `Please select a university and campus to view ${what}`
      }
    >
      Use the selector in the navigation bar.
    </StatusMessage>
  );
}
