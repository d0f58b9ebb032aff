import { useParams } from 'react-router-dom';

/** Stands in for a screen that has not been built yet, naming what will be there. */
export function Placeholder({ title, access }: { title: string; access: string }) {
  const params = useParams();
  const shown = Object.entries(params).filter(([key]) => key !== '*');
  return (
    <section className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-gray-600">Access: {access}</p>
      {shown.length > 0 && (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
          {shown.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-medium">{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
