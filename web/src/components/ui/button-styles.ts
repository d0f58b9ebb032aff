// Shared class lists, so every primary action looks and focuses the same way.

/** The brand's solid button (also used on links that look like buttons). */
export const primaryButton =
  'inline-flex items-center justify-center rounded bg-orange-700 px-4 py-2 font-medium text-white hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700';

/** A quiet outlined button. */
export const secondaryButton =
  'inline-flex items-center justify-center rounded border border-gray-400 bg-white px-4 py-2 font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700';

/** An outlined red button for an action that undoes or refuses (Cancel order, Reject). */
export const dangerButton =
  'inline-flex items-center justify-center rounded border border-red-700 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700';
