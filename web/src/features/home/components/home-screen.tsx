import { Link } from '@/components/link';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { useCampusSelection } from '@/stores/campus-selection';

/** docs/product.md §2 Home: what the product promises, and where to go for the chosen campus. */
export function HomeScreen() {
  const { selectedUniversity, selectedCampus } = useCampusSelection();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Welcome to CampusBucket</h1>
      <p className="mt-3 text-lg text-gray-700">
        Order from your campus restaurants and the campus mart in one bucket. We deliver in batches,
        so delivery costs stay low for everyone.
      </p>

      <div className="mt-8 rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        {selectedUniversity && selectedCampus ? (
          <>
            <h2 className="text-xl font-semibold">
              Currently serving: {selectedUniversity.name} - {selectedCampus.name}
            </h2>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to="/restaurants" className={primaryButton}>
                Browse Restaurants
              </Link>
              <Link to="/mart-items" className={secondaryButton}>
                Shop Mart Items
              </Link>
            </div>
          </>
        ) : (
          <>
            <h2 className="text-xl font-semibold">Choose your campus</h2>
            <p className="mt-2 text-gray-700">
              Please select your university and campus using the selector in the navigation bar to
              see the restaurants and mart items that deliver to you.
            </p>
          </>
        )}
      </div>

      <p className="mt-8 text-gray-700">More campuses are coming soon.</p>
    </section>
  );
}
