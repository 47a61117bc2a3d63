import {
  RUNNING_COLORING_BOOK,
  STUBBED_BOOK_DATE,
  signUpWithListing,
  signUpWithStubbedBooks,
  WRITING_GEN2_BOOK,
} from './books-helpers';
import { expect, keepScreenshot, test } from './support/fixtures';

const at = STUBBED_BOOK_DATE;

test('My KDP Listings: an unfinished listing says how long a listing really takes', async ({
  page,
}, testInfo) => {
  await signUpWithListing(page, {
    bookTitle: 'Garden Bees',
    bookPrompt: 'A gentle guide to the bees that visit garden flowers',
  });
  // The offline writer finishes at once: the server now has a measured listing.
  await expect
    .poll(async () => {
      const durations = await (await page.request.get('/api/studio/durations')).json();
      return durations['kdp-listing'].medianSeconds;
    })
    .not.toBeNull();

  await page.route(/\/api\/kdp-listings\/[^/]+$/, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: [
            {
              id: 'l1',
              originalTitle: 'Pond Life',
              bookPrompt: 'Frogs, newts and dragonflies of a garden pond, for curious children',
              status: 'In progress',
              generationStatus: 'running',
              createdAt: at,
            },
          ],
        })
      : route.fallback(),
  );
  await page.goto('/my-listings');
  const notice = page.getByTestId('listing-processing');
  await expect(notice).toHaveText('Your listing is being created. It is usually ready in under a minute.');
  await keepScreenshot(page, testInfo, 'my-listings-in-progress-1280');
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(notice).toBeVisible();
  await keepScreenshot(page, testInfo, 'my-listings-in-progress-375');
});

test('My Books: a book in progress says its tool measured time, or the fixed one until timed', async ({
  page,
}, testInfo) => {
  await page.route('**/api/studio/durations', (route) =>
    route.fulfill({
      json: {
        'kids-book': { medianSeconds: 150, samples: 6 },
        'coloring-book': { medianSeconds: null, samples: 0 },
        'non-fiction': { medianSeconds: 12, samples: 3 },
        'non-fiction-v2': { medianSeconds: null, samples: 0 },
      },
    }),
  );
  await signUpWithStubbedBooks(page, [
    {
      id: 'k',
      title: 'Mia and the Dragon',
      type: 'kids-book',
      status: 'In progress',
      generationStatus: 'running',
      progress: 20,
      createdAt: at,
    },
    {
      id: 'n',
      title: 'Sourdough Basics',
      type: 'non-fiction',
      status: 'In progress',
      generationStatus: 'running',
      progress: 10,
      createdAt: at,
    },
    RUNNING_COLORING_BOOK,
    WRITING_GEN2_BOOK,
  ]);
  await page.goto('/my-books');
  const card = (title: string) => page.getByRole('article', { name: title });
  await expect(card('Mia and the Dragon')).toContainText('Processing (typically takes about 3 minutes)');
  await expect(card('Sourdough Basics')).toContainText('Processing (typically takes under a minute)');
  // Not timed yet, and Gen 2.0 (never timed: it waits for the user): the product's own words.
  await expect(card('Jungle Coloring')).toContainText('Creating your coloring book (1-2 minutes)');
  await expect(card('Stars at Night')).toContainText('Generating your book (15-20 minutes)');
  await expect(page.getByText('15-20 minutes')).toHaveCount(1);
  await keepScreenshot(page, testInfo, 'my-books-measured-1280');
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(card('Mia and the Dragon')).toContainText('about 3 minutes');
  await keepScreenshot(page, testInfo, 'my-books-measured-375');
});
