import { useEffect, useState } from 'react';
import { isDatasetGone } from '../lib/datasetGone';
import { logFailure } from '../lib/logFailure';
import { trpc, type DatasetView, type SchemaColumn } from '../trpc';

/** A card's example pseudonym, and whether it is the run's or an illustration. */
export type ColumnSample = Pick<SchemaColumn, 'sample' | 'sampleKind'>;

/** Edits and key strokes within this long of each other ask for the samples once. */
const SETTLE_MS = 300;

/**
 * The cards' samples under the consistency key typed on the page: the view's are under the
 * dataset's own key, which a run with another key does not use. Asked of the server by POST
 * (the key stays out of URLs) after each change of key or schema; until the answer is in, the
 * view's samples show, labelled as illustrations. Null when no key is typed.
 */
export function useKeySamples(
  dataset: DatasetView | undefined,
  secret: string,
  onGone: () => void,
): ReadonlyMap<string, ColumnSample> | null {
  const request = trpc.getSamples.useMutation();
  const [answer, setAnswer] = useState<{
    schema: DatasetView['schema'];
    secret: string;
    samples: Map<string, ColumnSample>;
  } | null>(null);
  const schema = dataset?.schema;
  const id = dataset?.id;
  const { mutateAsync } = request;

  useEffect(() => {
    if (secret === '' || id === undefined || schema === undefined) return;
    let current = true;
    const timer = setTimeout(() => {
      mutateAsync({ id, secret })
        .then(({ samples }) => {
          if (!current) return;
          setAnswer({
            schema,
            secret,
            samples: new Map(samples.map(({ name, ...sample }) => [name, sample])),
          });
        })
        .catch((error: unknown) => {
          if (!current) return;
          if (isDatasetGone(error)) onGone();
          else logFailure('Samples under the key', error);
        });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // onGone changes with every render; the request depends on the key and the schema only.
  }, [id, schema, secret, mutateAsync]);

  if (secret === '' || !schema) return null;
  if (answer && answer.schema === schema && answer.secret === secret) return answer.samples;
  // A kept or emptied column's sample is the same under any key.
  const sameUnderAnyKey = (column: SchemaColumn) =>
    column.rule.action === 'keep' || column.rule.action === 'blank' || column.type === 'blank';
  return new Map(
    schema.map((column) => [
      column.name,
      {
        sample: column.sample,
        sampleKind: sameUnderAnyKey(column) ? column.sampleKind : ('illustration' as const),
      },
    ]),
  );
}
