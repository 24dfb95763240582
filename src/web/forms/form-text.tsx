// Wording as data: a form and each of its sections name an i18n namespace ('italy', 'steps',
// 'staff', 'form'); a section asks for `registrationNumber.label` and gets the form's own wording
// when it has one, else the section's, else the shared 'form' wording.
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const NamespaceChain = createContext<readonly string[]>(['form']);

export function FormTextProvider({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  // The same chain for the same names, so a page that renders again does not render every section again.
  const key = namespaces.join(' ');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const chain = useMemo(() => [...new Set([...namespaces, 'form'])], [key]);
  return <NamespaceChain.Provider value={chain}>{children}</NamespaceChain.Provider>;
}

export type FormText = (key: string, options?: Record<string, unknown>) => string;

/** Translates `key` in the first namespace of the chain that has it. */
export function useFormText(): FormText {
  const { t } = useTranslation();
  const chain = useContext(NamespaceChain);
  return useCallback(
    (key: string, options?: Record<string, unknown>) =>
      t(
        chain.map((ns) => `${ns}.${key}`),
        options ?? {},
      ) as string,
    [t, chain],
  );
}

/** Whether the chain has its own wording for `key` (e.g. a market's "wrong photo format" sentence). */
export function useHasFormText(): (key: string) => boolean {
  const { i18n } = useTranslation();
  const chain = useContext(NamespaceChain);
  return useCallback((key: string) => chain.some((ns) => i18n.exists(`${ns}.${key}`)), [i18n, chain]);
}
