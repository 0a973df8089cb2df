/** The help texts: every option with an example. */

export const MAIN_USAGE = `standin: pseudonymize tabular files with the engine, recipes and keys of the Stand-in server

Usage:
  standin detect FILE [--sheet NAME] [-o recipe.json]
  standin run FILE|- [-o OUT|-] [--recipe recipe.json] [--key-file PATH | --key-env VAR]
                     [--format csv|tsv|json|jsonl|xlsx|xls] [--mapping PATH] [--report PATH.json|PATH.html]
                     [--strict] [--stream|--whole] [--part-mb N] [--workers N] [--quiet] [--json]
  standin COMMAND --help      every option of a command, with examples
  standin --version

Commands:
  detect   writes the detected recipe (types and rules of every column) for review and editing
  run      writes the pseudonymized file: the same bytes as the web page for the same file,
           key and recipe

Exit codes:
  0  done
  1  bad input: a file that cannot be read (named, with its line and column where the reader
     knows them; never a value), a bad recipe, a missing or empty key
  2  bad usage: unknown option or command, missing FILE, both key options, unknown format
  3  --strict: the file has columns the recipe does not cover, or the report warns

Examples:
  standin detect prod.csv -o recipe.json
  standin run prod.csv --recipe recipe.json --key-env STANDIN_KEY -o test.csv
`;

export const DETECT_USAGE = `Usage: standin detect FILE [--sheet NAME] [-o recipe.json]

Reads FILE (csv, tsv, json, JSON Lines, xlsx or xls; "-" for standard input), detects each column's type and rule, and
writes the recipe: the same JSON as the server's GET /api/datasets/{id}/recipe. Edit it, then
give it to \`standin run --recipe\`.

Options:
  -o, --output PATH   where to write the recipe; standard output when absent or "-"
                        standin detect prod.csv -o recipe.json
  --sheet NAME        only this sheet of a workbook (every sheet by default)
                        standin detect export.xlsx --sheet Orders -o orders.recipe.json
  -h, --help          this text
`;

export const RUN_USAGE = `Usage: standin run FILE|- [options]

Pseudonymizes FILE ("-": standard input) with the automatic rules, or a recipe's, under a key,
and writes the result. Same file, key and recipe: the same bytes as the web page's download.

Options:
  -o, --output OUT      where to write the result; standard output when absent or "-"
                          standin run prod.csv -o test.csv
  --format FORMAT       csv, tsv, json, jsonl (JSON Lines), xlsx or xls: the output's format
                        (by default the extension of OUT, else the input's). For standard input
                        it also names the input's format; without it the input is sniffed
                          standin run prod.xlsx --format csv -o test.csv
                          gunzip -c prod.tsv.gz | standin run - --format tsv > test.tsv
  --recipe PATH         a recipe from \`standin detect\` or the web page; its columns take its
                        rules, the others keep their detected ones
                          standin run prod.csv --recipe recipe.json -o test.csv
  --key-file PATH       the key: the file's text, one trailing line break dropped
                          standin run prod.csv --key-file ~/.standin-key -o test.csv
  --key-env VAR         the key: the value of environment variable VAR
                          STANDIN_KEY=... standin run prod.csv --key-env STANDIN_KEY -o test.csv
                        Same key, same pseudonyms, here and on the web page (its Consistency
                        key). Without a key, a random one is used for this run only.
  --sheet NAME          the sheet a csv, tsv or json output of a workbook holds (the first
                        by default)
                          standin run export.xlsx --sheet Orders -o orders.csv
  --mapping PATH        also write the mapping (sheet, column, original, pseudonym), in the
                        format of PATH's extension (.csv .tsv .json .jsonl .xlsx .xls). It holds
                        the originals: keep it safe
                          standin run prod.csv -o test.csv --mapping mapping.csv
  --report PATH         also write the privacy and utility report: PATH.json (the API's JSON)
                        or PATH.html (the web page's printable report)
                          standin run prod.csv -o test.csv --report report.html
  --strict              exit 3, writing no output, when the file has columns the recipe does
                        not cover or the report warns (high or medium); needs --recipe
                          standin run prod.csv --recipe recipe.json --strict -o /dev/null
  --formula-protection on|off
                        on (default, as the web's downloads): csv/tsv text a spreadsheet could
                        run as a formula gets a leading quote, xlsx/xls a quote-prefix style
                          standin run prod.csv --formula-protection off -o test.csv
  --json                print a summary as JSON (rows, columns, seconds, MB/s, scheme,
                        fileDependentPseudonyms, warnings, ...): on stdout, or on stderr when
                        the output goes to stdout
                          standin run prod.csv -o test.csv --json | jq .rows
  --stream              read a csv or tsv a part at a time, on every core, in bounded memory;
                        the default for files over 64 MB (see "Streaming" below). Output csv,
                        tsv, json or jsonl
                          standin run export-3gb.csv --key-env STANDIN_KEY -o test.csv
  --whole               read the file whole, as the web page does, whatever its size (up to
                        the 511 MB a text can hold)
                          standin run prod-100mb.csv --whole -o test.csv
  --part-mb N           a streaming run's part size in MB (default 8): larger parts cost
                        memory (about ten times a part per core), smaller ones speed
                          standin run big.csv --part-mb 32 -o test.csv
  --workers N           threads: a streaming run's workers (default: one per core, at most
                        4); a whole run of 8 MB or more uses a second thread to choose
                        pseudonyms when N is 2 or more (the same output, sooner)
                          standin run big.csv --workers 1 -o test.csv
  --quiet               no progress bar and no notes (errors still print)
                          standin run prod.csv -o test.csv --quiet
  -h, --help            this text

Streaming: the first part is detected (or the recipe applied to it) and every part is
pseudonymized with those rules, in order. A file is read twice: a first pass collects the values
of columns with few of them (names, cities, categories), so their pseudonyms are those of a run of
the whole file, and the parts share the emails they rebuild from names, so no two originals get
one. Other values whose pseudonym depends on the values beside them (a retry after a collision,
in a large column or in free text) may differ from a whole-file run; --json's
fileDependentPseudonyms counts them. The report covers every row (distinct values past 65,536
in a column are estimated from a sample, which the report names); --strict is judged on the first
part before writing and on the whole report at the end (a failing run leaves no output file).
Standard input streams in one pass, and refuses a column empty in its first part that holds
values later (a file's first pass detects such a column on its values).

Progress (rows, MB/s, elapsed, ETA) shows on stderr when it is a terminal. Nothing printed ever
holds a value, a key or the mapping.
`;
