import { useCampusSelection } from '@/stores/campus-selection';
import { useConnectivity } from '../hooks/use-connectivity';

/** docs/product.md §2 /demo: what the university/campus selector holds right now. */
export function DemoScreen() {
  const { universities, campuses, selectedUniversity, selectedCampus, loading, error } =
    useCampusSelection();
  const connectivity = useConnectivity();
  const rows: Array<[label: string, value: string]> = [
    ['Selected university', selectedUniversity?.name ?? 'None'],
    ['Selected campus', selectedCampus?.name ?? 'None'],
    ['Universities', String(universities.length)],
    ['Campuses', String(campuses.length)],
    ['Loading', loading ? 'Yes' : 'No'],
    ['Connectivity', connectivity],
  ];
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Selector demo</h1>
      <p className="mt-2 text-gray-700">
        Change the university and campus with the selector in the navigation bar; this page shows
        what it holds.
      </p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-gray-200 bg-white p-6">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-gray-700">{label}</dt>
            <dd data-testid={`demo-${label.toLowerCase().replace(/\s+/g, '-')}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {error && (
        <p role="alert" className="mt-4 rounded bg-red-50 px-4 py-3 text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
