// The builder is longer than the drawer: a refused save or backtest whose problem is scrolled out
// of view looked like nothing happened. The first problem, in the form's order, is brought into
// view and focused, and a toast says so.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/ui/notify';

/** Inputs with an error, and the problems of whole lists (ListProblem). */
const PROBLEMS = '[aria-invalid="true"], [data-rule-problem]';

/** A callback ref (setContainer) for the form's container, and `reveal()` to call once problems are set. */
export function useFirstProblemReveal() {
  const { t } = useTranslation();
  // State rather than a ref object: the form that carries it is passed to every section.
  const [container, setContainer] = useState<HTMLElement | null>(null);
  // Asked for when problems are set; done after they render, when the DOM shows them.
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    const first = container?.querySelector<HTMLElement>(PROBLEMS);
    if (!first) return;
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
    first.focus({ preventScroll: true });
    notifyError(t('automation.builder.problemsShown'));
  }, [requests, container, t]);
  return { setContainer, reveal: () => setRequests((count) => count + 1) };
}
