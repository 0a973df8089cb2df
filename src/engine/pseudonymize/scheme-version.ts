/**
 * The version of the rules that turn (key, value) into a pseudonym: the keyed hashes and
 * permutations, the generators, the retries and what counts as one kind or format. Recipes and
 * golden files pin it, so a pseudonym saved under one version is known to be reproducible.
 *
 * A change that alters any pseudonym for a given key, recipe and input must bump it: a new
 * hash or key derivation, another Feistel round count or tweak, a generator drawing differently,
 * a column routed to another rule (an identifier predicate that matches more names), another
 * Faker version whose lists differ. A change that alters none (speed, memory, messages) must not.
 */
export const PSEUDONYM_SCHEME_VERSION = 12;

/*
 * What each scheme added, so an older one stays reproducible (pseudonymize's `scheme` option
 * picks one; a recipe naming it makes a dataset's runs use it):
 * 1. keyed per-value pseudonyms, measures' noise, row rules for dates, emails, usernames, full
 *    names, genders and US ZIPs, PII in free text.
 * 2. a country column follows its row's US state or ZIP where the original did, and URLs built
 *    from the row's names are rebuilt from their pseudonyms (row-location.ts, row-urls.ts).
 * 3. a date column whose rows move with their entity draws per-value pseudonyms only for the
 *    rows the shift leaves (blank entity, unreadable date), after the shift: the other values'
 *    draws no longer take places those rows' dates never show, so a collision retry may differ.
 * 4. times of day ('HH:mm', an xlsx 'h:mm AM/PM' cell) are drawn per value: moving them with
 *    their row by whole days kept every one as it was. JSON text in a cell (an array or object,
 *    as a JSON file's nested arrays are kept) keeps its keys and layout: its values are replaced
 *    one by one, where the string rules replaced every letter of it, keys included. A
 *    spreadsheet's measure moves by units of the last decimal its format shows (the column's
 *    precision), not of its own digits: 100% became 200%, $0.00 became $1.00. A date-time
 *    moved with its row keeps its own fraction of a second (microseconds included, none where
 *    it had none), where the column's pattern wrote milliseconds for every value. An ISO 8601
 *    date in a text column (one of mixed layouts) becomes another date in its layout, where its
 *    digits were permuted as a code's ('2020-02-05' → '3885-00-05'). A measure written in
 *    scientific notation ('1e-05', '1.2E+10') stays in it, moved at its last mantissa digit,
 *    where it was written out in plain digits.
 * 5. an email, username or full name rebuilt from its row's names in one sheet is written the same
 *    in the sheets without names (an orders sheet's customer_email), where it kept its per-value
 *    pseudonym there and the sheets no longer joined on it; rebuilt addresses are kept apart
 *    across all the columns of their namespace, not column by column.
 * 6. more integer columns are identifiers (a keyed permutation, every value distinct, where they
 *    were measures drawn from their range, repeating values): a reference number named in
 *    German, Dutch, French or Spanish ('Kundennr', 'Bestellnummer', 'Numéro', 'número', 'nº')
 *    or ending in '#' ('Order #'), and a table's row index (no header, as pandas and R write
 *    it, 'Unnamed: 0' read back, '#', 'index', 'idx'), when every value is distinct. Such a
 *    reference number may name the row's entity whose dates move together, and free text's
 *    mentions of its values are replaced; a row index does neither. A column named country that holds ISO codes ('US', 'DEU') is detected as country
 *    codes, whose pseudonyms are codes of the same length, where they were country names in
 *    capitals ('US' → 'GERMANY'). A column whose header says nothing ('Customer', 'Client')
 *    and whose values are mostly people's full names is detected as full names, which get
 *    Faker's names, where it was free text whose words were replaced ('Ann Lee' → 'Jut Sun').
 *    A free-text note of two words or more is replaced word by word whatever its length or
 *    share of numbers, where one of 100 characters or more, or with many numbers, had every
 *    letter substituted ('Called on 01/03' → 'Sppcaq bw 08/09'). In a sheet with a full name
 *    but no first-name and last-name columns, a full name made into its row's email
 *    ('catherine.moore@…') is written as the names of the email's pseudonym, where the two
 *    disagreed; the email keeps its per-value pseudonym, so it joins other files still.
 * 7. related tables: an integer column named for another row's id ('ReportsTo', 'manager',
 *    'supervisor', 'parent') is an identifier, whose permutation joins it to the ids it names,
 *    where it was a measure drawn near its values; a text column named as an identifier or
 *    reference number ('CustomerID', 'order_code') takes its values without spaces as codes
 *    even when they spell words ('ALFKI' → 'PDQYB', same length and classes, one image per
 *    code), where they got words of other lengths; a country column's abbreviations ('UK',
 *    'USA' among names) get codes of their length, where they got names in capitals ('UK' →
 *    'GEORGIA'); a measure of whole numbers from 0 up whose range holds at most 20 values
 *    (Titanic's 'Survived' 0-1, 'Pclass' 1-3, a rating 1-5) is permuted among its range, every
 *    value moving one or two places, where a 2-10% move took small values one unit up, so 0/1
 *    became 1/2 and classes merged. Detection takes honorifics ('Ms.', 'Dr.') for prefixes whatever the header,
 *    and a 'Title' or 'Role' of job titles ('Sales Manager'), or a person's title
 *    ('ContactTitle'), for job titles: both were free text whose words were replaced.
 *    A recipe keeps the meaning it names.
 * 8. a sheet without an entity column whose two or more date columns move with their row (no
 *    birth dates) moves each row's dates by an offset keyed by its first date column's value
 *    (row-date-shift.ts, dateAnchorIndex), where each was drawn per value and a due date fell
 *    before its invoice's date; JSON text in a free-text cell with personal data found in it is
 *    rewritten value by value, keys and literals kept, where it was rewritten as words and was no
 *    longer JSON.
 * 9. an email whose local part is a first name, a separator and a last name
 *    ('catherine.moore@…') is written of the pseudonyms those names get in name columns
 *    (generators/email-of-names.ts), in every column and in free text, where it drew names of its
 *    own: the address a row rule rebuilds beside the row's names is then its per-value
 *    pseudonym, so a customers file and an orders file keyed by email still join. An ISO date
 *    in free text moves to another real day as a text column's does, where its digits were
 *    redrawn ('2021-03-15' → '1707-01-74'); a gender that names no sex ('Non-binary',
 *    'Unspecified', 'X') becomes another such value, where it became a sex; a middle initial
 *    ('A.') becomes an initial, where it became a whole name; a measure of whole values written
 *    with decimals (pandas' '38.0', NumberLayout.wholeValues) moves by whole units and keeps its
 *    zero decimals, where '38.0' became '36.6'; a full name keeps its titles and suffixes ('Dr. ',
 *    ', Jr.'), a title of the first name's sex following its pseudonym's, per value and where
 *    a row rule rebuilds it (which now matches a titled name too), where they were lost; a
 *    street address keeps its layout (generators/street-address.ts: the house number's digits
 *    and place, a short street type, a direction, a unit, a PO box), where it took Faker's.
 * 10. dates in other layouts than ISO 8601 ('3/14/2023', '14.02.2024', 'March 3, 2019'), in free
 *    text and as a text column's whole value, move to another real day in their layout
 *    (generators/date-text.ts), where their digits were redrawn ('2/46/9583') or permuted as a
 *    code's; a text in capitals keeps its words of one or two letters as many capitals
 *    ('SKU-RED-M' → 'FAT-WHY-K'), where a lone capital was read as title case and became a word
 *    ('At'). A column of two values (booleans, measures of 0 and 1) is drawn row by row, its
 *    share of true kept (row-booleans.ts), where the key kept or swapped every value. A code
 *    keeps its type prefix ('cus_', 'SKU-'; code-permutation.ts) and a hex code stays hex; a
 *    North American phone's exchange starts 2-9; a URL keeps its path, query keys, fragment and
 *    port, its words replaced; an IP address keeps its network kind and layout; a number of
 *    four digits or more in free text is permuted by its digits, alike in every text; a round
 *    whole measure moves by units of its roundness ('85000' → '88000', not '87341'). A person's
 *    or account's id that repeats over the rows ('customer_id' in orders, 'user_id' in events)
 *    names the rows' entity before a unique row id, so a customer's dates move as one.
 * 11. a US Social Security number stays one the SSA issues (no area 000, 666 or 900-999, no
 *    group 00 or serial 0000; generators/ssn.ts), where about one in nine was none; a number
 *    that was none stays none. A sheet without a unique row id names a repeating person's id
 *    as its dates' entity too (a patient's encounters), where each row moved on its own. Months
 *    without days ('2024-03', '03/2024', 'Mar 2024', now read as dates) move by whole months,
 *    one at least, and are drawn a month apart, where a move by days often kept the month. A
 *    phone of a plan other than North America's keeps its first national digit, the kind of
 *    line ('+44 7…', '07…' a British mobile), where it was drawn. A second US state column
 *    of a row (a code beside a name) is written as the first's pseudonym (row-location.ts),
 *    where each drew its own ('Oklahoma' beside 'MT'). An email spelling its row's names another
 *    way (accents kept 'josé.williams', umlauts written out 'klaus.jaeger' for Jäger, a double
 *    surname's hyphen 'mary.smith-jones') is rebuilt from the row's names too (row-people.ts).
 *    A number column named by an identifier's acronym ('attending_npi', 'MRN', 'ssn_nodash')
 *    is an identifier, permuted within its digit count, where it was a measure. An IPv4
 *    address in free text becomes one of its network kind, as an IP column's draw makes it,
 *    where its digits were redrawn into no address ('145.1.2.3' → '341.7.6.9'). A period code
 *    (a quarter '2024-Q2', 'Q2 2024'; an ISO week '2024-W07'; a fiscal year 'FY2024') becomes
 *    another of its kind in its layout (generators/period-text.ts), where it became a code of no
 *    period ('2113-K6'). A title that names a sex stays in its own words ('Herr' ↔ 'Frau',
 *    where it became 'Dr.'), and follows a first name on none of Faker's lists too. Puerto Rico,
 *    the capital and the territories count as US places beside the states; SSNs held as
 *    numbers (under a header naming them) stay valid SSNs.
 * 12. a full name written as the names of its row's email pseudonym (row-people.ts) keeps its
 *    per-value pseudonym where another full name's row already has that name: two emails'
 *    pseudonyms can spell one name ('ann.lee@…', 'ann.lee1@…'), and distinct full names became
 *    one (on a 40-row contact list, in 58 of 2,000 keys).
 */

/** The oldest scheme this Stand-in still reproduces. */
export const OLDEST_PSEUDONYM_SCHEME = 1;
