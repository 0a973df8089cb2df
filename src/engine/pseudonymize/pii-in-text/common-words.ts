import { en } from '@faker-js/faker';

/**
 * Words Faker's lists lack: English words that are also first names, surnames or places ('Will',
 * 'May', 'Grant', 'Reading'), months and days, the commonest short words and statuses. A dataset's value
 * spelled like one is matched in free text only where it reads as a name (capitalized,
 * mid-sentence), so 'May I ask' keeps its 'May'.
 */
// prettier-ignore
const WORDS_THAT_ARE_NAMES = [
  'will', 'may', 'mark', 'rose', 'bill', 'grant', 'june', 'april', 'august', 'hope', 'faith',
  'grace', 'joy', 'victor', 'rich', 'young', 'white', 'black', 'brown', 'green', 'long', 'king',
  'hunt', 'hill', 'wood', 'page', 'ward', 'rice', 'cook', 'baker', 'cash', 'art', 'sue', 'pat',
  'frank', 'earnest', 'dawn', 'summer', 'autumn', 'winter', 'sunday', 'monday', 'tuesday',
  'wednesday', 'thursday', 'friday', 'saturday', 'january', 'february', 'march', 'october',
  'november', 'december', 'september', 'july', 'reading', 'bath', 'mobile', 'nice', 'orange',
  'the', 'and', 'for', 'not', 'but', 'you', 'all', 'any', 'can', 'her', 'his', 'was', 'one',
  'our', 'out', 'day', 'get', 'has', 'him', 'how', 'new', 'now', 'old', 'see', 'two', 'way',
  'who', 'its', 'let', 'put', 'say', 'she', 'too', 'use', 'yes', 'order', 'ticket', 'customer',
  'open', 'closed', 'pending', 'active', 'inactive', 'done', 'paid', 'unpaid', 'refund', 'gold',
  'silver', 'bronze', 'premium', 'basic', 'standard',
];

/** Lower-case English words: Faker's word lists and the names-that-are-words above. */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  ...(Object.values(en.word ?? {}) as unknown as string[][]).flat().map((w) => w.toLowerCase()),
  ...WORDS_THAT_ARE_NAMES,
]);
