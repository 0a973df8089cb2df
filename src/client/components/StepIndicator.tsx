import { Steps, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';

const STEPS = ['Upload Data', 'Detect Schema', 'Preview & Download'] as const;

/** The three-step progress (display only: the flow moves on by itself). */
export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  return (
    <Steps.Root
      step={step - 1}
      count={STEPS.length}
      size={{ base: 'sm', md: 'md' }}
      colorPalette="teal"
      aria-label="Progress"
    >
      <Steps.List>
        {STEPS.map((title, index) => (
          <Steps.Item
            key={title}
            index={index}
            title={title}
            aria-current={index === step - 1 ? 'step' : undefined}
          >
            <Steps.Indicator>
              <Steps.Status complete={<Check />} incomplete={<Steps.Number />} />
            </Steps.Indicator>
            <Steps.Title hideBelow="md">{title}</Steps.Title>
            <Steps.Separator />
          </Steps.Item>
        ))}
      </Steps.List>
      <Text hideFrom="md" fontSize="sm" fontWeight="medium" textAlign="center" mt="3">
        Step {step} of {STEPS.length}: {STEPS[step - 1]}
      </Text>
    </Steps.Root>
  );
}
