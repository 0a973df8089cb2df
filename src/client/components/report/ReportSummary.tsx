import { HStack, Icon, Text } from '@chakra-ui/react';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { PrivacyReport } from '../../../engine/browser';
import { replacedNothing, reportSummaryParts } from '../../../engine/browser';

/**
 * The report in one line: 'No original survives in replaced columns · Originals kept in zip ·
 * 2 warnings · k = 3 on kept columns'. A run that replaced nothing never looks reassuring.
 */
export function ReportSummary({ report }: { report: PrivacyReport }) {
  const worst = report.warnings[0]?.severity;
  const alarming = worst === 'high' || worst === 'medium' || replacedNothing(report);
  return (
    <HStack
      gap="2"
      align="flex-start"
      px="4"
      py="3"
      rounded="xl"
      borderWidth="1px"
      bg={alarming ? 'orange.subtle' : 'teal.subtle'}
      borderColor={alarming ? 'orange.muted' : 'teal.muted'}
    >
      <Icon boxSize="5" color={alarming ? 'orange.fg' : 'teal.fg'} mt="0.5" flexShrink={0}>
        {alarming ? <ShieldAlert /> : <ShieldCheck />}
      </Icon>
      <Text fontWeight="semibold">{reportSummaryParts(report).join(' · ')}</Text>
    </HStack>
  );
}
