import { Box, Flex, Heading, HStack, Icon, Text } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { ThemeToggle } from './ThemeToggle';

export function AppHeader() {
  return (
    <Flex as="header" align="center" justify="space-between" gap="4">
      <HStack gap="3" minW="0">
        <Flex
          aria-hidden
          align="center"
          justify="center"
          boxSize={{ base: '10', md: '12' }}
          flexShrink={0}
          rounded="xl"
          color="white"
          bgGradient="to-br"
          gradientFrom="teal.500"
          gradientTo="blue.600"
          shadow="md"
        >
          <Icon boxSize={{ base: '5', md: '6' }}>
            <ShieldCheck />
          </Icon>
        </Flex>
        <Box minW="0">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="tight" lineHeight="1.1">
            Stand-in
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'sm', md: 'md' }}>
            Secure Dataset Anonymization
          </Text>
        </Box>
      </HStack>
      <ThemeToggle />
    </Flex>
  );
}
