// One form submission sent to the server: pending while it runs, and the message key of the
// failure it ended with, cleared when the form is sent again.
import { useState } from 'react';

export interface SubmissionOptions {
  /**
   * The form leaves the page when it succeeds: it stays pending until then, so its button cannot
   * be pressed a second time while the router loads the next page.
   */
  leavesPage?: boolean;
}

export function useSubmission({ leavesPage = false }: SubmissionOptions = {}) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  /** Runs request; if it throws, failureOf names the message the form shows for the error. */
  async function send(request: () => Promise<void>, failureOf: (error: unknown) => string) {
    setPending(true);
    setFailure(null);
    try {
      await request();
      if (!leavesPage) setPending(false);
    } catch (error) {
      setFailure(failureOf(error));
      setPending(false);
    }
  }

  return { pending, failure, send };
}
