import { ChakraProvider, createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'next-themes';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { Toaster } from './components/ui/toaster';
import { createQueryClient, createTrpcClient, trpc } from './trpc';

const system = createSystem(
  defaultConfig,
  defineConfig({
    globalCss: {
      // A visible focus ring everywhere keyboard focus lands (WCAG 2.4.7).
      '*:focus-visible': {
        outline: '2px solid',
        outlineColor: 'teal.focusRing',
        outlineOffset: '2px',
      },
      body: { bg: 'bg.subtle' },
    },
    theme: {
      semanticTokens: {
        colors: {
          // White on Chakra's teal.600 is 3.7:1; teal.700 gives the solid buttons WCAG AA (5.5:1).
          teal: { solid: { value: '{colors.teal.700}' } },
        },
      },
      tokens: {
        fonts: {
          heading: {
            value: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif',
          },
          body: { value: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif' },
        },
      },
    },
  }),
);

function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={system}>
          <ThemeProvider
            attribute="class"
            storageKey="theme"
            defaultTheme="dark"
            enableSystem={false}
            disableTransitionOnChange
          >
            {children}
            <Toaster />
          </ThemeProvider>
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <App />
      </Providers>
    </StrictMode>,
  );
}
