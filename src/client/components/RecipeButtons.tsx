import { Button, HStack } from '@chakra-ui/react';
import { FileDown, FileUp } from 'lucide-react';
import { useRef } from 'react';
import { Tooltip } from './ui/tooltip';

interface RecipeButtonsProps {
  disabled: boolean;
  saving: boolean;
  applying: boolean;
  onSave: () => void;
  onApply: (file: File) => void;
}

/** Save the schema's rules as a recipe file, or apply one saved from an earlier upload. */
export function RecipeButtons({ disabled, saving, applying, onSave, onApply }: RecipeButtonsProps) {
  const chooser = useRef<HTMLInputElement>(null);
  return (
    <HStack gap="2" wrap="wrap">
      <Tooltip content="Download this schema's types and rules as a JSON file, without any data">
        <Button variant="outline" size="sm" onClick={onSave} loading={saving} disabled={disabled}>
          <FileDown /> Save recipe
        </Button>
      </Tooltip>
      <Tooltip content="Set types and rules from a recipe saved earlier">
        <Button
          variant="outline"
          size="sm"
          onClick={() => chooser.current?.click()}
          loading={applying}
          disabled={disabled}
        >
          <FileUp /> Apply recipe…
        </Button>
      </Tooltip>
      <input
        ref={chooser}
        type="file"
        accept=".json,application/json"
        aria-label="Choose a recipe file"
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again fires another change.
          event.currentTarget.value = '';
          if (file) onApply(file);
        }}
      />
    </HStack>
  );
}
