import { Field, Flex, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { ColumnSchema } from '../../engine/browser';
import type { SchemaColumn } from '../trpc';

/** The window's bounds, as the schema API checks them (dateShiftSchema). */
const SHORTEST_WINDOW_DAYS = 1;
const LONGEST_WINDOW_DAYS = 36_500;

interface DateShiftControlsProps {
  column: SchemaColumn;
  /** The sheet's column names, in order: the entities a date may move with. */
  columnNames: readonly string[];
  disabled: boolean;
  onChange: (dateShift: NonNullable<ColumnSchema['dateShift']>) => void;
}

/** A whole number of days within the window's bounds, or null. */
function windowDaysOf(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const days = Number(text);
  return days >= SHORTEST_WINDOW_DAYS && days <= LONGEST_WINDOW_DAYS ? days : null;
}

/**
 * A date column's shift with its row: the entity column its offset is keyed by ("Automatic"
 * names the one the engine picks) and the window in days. Birth dates are drawn on their own
 * unless a column is chosen, and say why.
 */
export function DateShiftControls({
  column,
  columnNames,
  disabled,
  onChange,
}: DateShiftControlsProps) {
  const plan = column.dateShiftPlan;
  if (!plan) return null;
  const chosen = column.dateShift?.entityColumn;
  const automaticLabel = plan.birthDate
    ? 'Automatic (drawn on its own)'
    : plan.automaticColumn !== null
      ? `Automatic (${plan.automaticColumn})`
      : 'Automatic (none: drawn per value)';

  return (
    <Flex direction="column" gap="2" fontSize="sm" minW="0">
      <Flex align="center" gap="2" minW="0">
        <Text as="span" color="fg.muted" flexShrink={0} aria-hidden>
          Shifts with:
        </Text>
        <NativeSelect.Root size="xs" width="auto" minW="0" disabled={disabled}>
          <NativeSelect.Field
            aria-label={`Column ${column.name} shifts with`}
            value={chosen ?? ''}
            onChange={(event) => {
              const entity = event.currentTarget.value;
              const { windowDays } = column.dateShift ?? {};
              onChange({
                ...(entity === '' ? {} : { entityColumn: entity }),
                ...(windowDays === undefined ? {} : { windowDays }),
              });
            }}
          >
            <option value="">{automaticLabel}</option>
            {columnNames
              .filter((name) => name !== column.name)
              .map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      {plan.entityColumn !== null && (
        // Keyed by the saved window, so a save's answer or an applied recipe shows its value.
        <WindowDaysField
          key={plan.windowDays}
          columnName={column.name}
          savedDays={plan.windowDays}
          disabled={disabled}
          onSave={(windowDays) => onChange({ ...column.dateShift, windowDays })}
        />
      )}
      {plan.birthDate && plan.automatic && (
        <Text color="fg.muted">
          Birth dates are drawn on their own: if they moved with the row, one real date of a person
          known to someone (their signup day) would give away the offset, and so the exact birth
          date.
        </Text>
      )}
    </Flex>
  );
}

interface WindowDaysFieldProps {
  columnName: string;
  savedDays: number;
  disabled: boolean;
  onSave: (days: number) => void;
}

/** The window in days, saved on Enter or when the field loses focus, if valid and changed. */
function WindowDaysField({ columnName, savedDays, disabled, onSave }: WindowDaysFieldProps) {
  const inputId = useId();
  const [text, setText] = useState(String(savedDays));
  const days = windowDaysOf(text);
  const save = () => {
    if (days !== null && days !== savedDays) onSave(days);
  };
  return (
    <Field.Root invalid={days === null} gap="1" width="auto">
      <Flex align="center" gap="2">
        <Field.Label htmlFor={inputId} color="fg.muted" fontWeight="normal" flexShrink={0}>
          Window: ±
        </Field.Label>
        <Input
          id={inputId}
          aria-label={`Largest shift of ${columnName} in days`}
          size="xs"
          width="5.5rem"
          type="number"
          inputMode="numeric"
          min={SHORTEST_WINDOW_DAYS}
          max={LONGEST_WINDOW_DAYS}
          step={1}
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
          }}
        />
        <Text as="span" color="fg.muted" aria-hidden>
          days
        </Text>
      </Flex>
      {days === null && (
        <Field.ErrorText>
          {SHORTEST_WINDOW_DAYS} to {LONGEST_WINDOW_DAYS.toLocaleString('en-US')} days
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}
