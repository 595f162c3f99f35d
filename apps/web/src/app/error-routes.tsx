import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { refusedFrom, secondsUntilRetry } from '../shared/api/retry-after';
import { errorPageMessages as m } from '../shared/messages';
import { paths } from '../shared/paths';
import { ErrorScreen } from './error-pages';

// /404 and /429 in a chunk of their own: a first visit to /login needs neither (error-pages.tsx
// keeps the screen they share and the Error route, which must be there when anything fails).

export function NotFoundPage() {
  return (
    <ErrorScreen
      code={m.notFoundCode}
      title={m.notFoundTitle}
      text={m.notFoundText}
      actions={
        <Button component={Link} to={paths.home.getHref('active')}>
          {m.toHome}
        </Button>
      }
    />
  );
}

/** The wait the server asked for, in words: whole minutes, «less than a minute», or over. */
function waitText(seconds: number | null): string {
  if (seconds === null) return m.tooManyWaitUnknown;
  if (seconds <= 0) return m.tooManyWaitOver;
  if (seconds < 60) return m.tooManyWaitSeconds;
  return m.tooManyWaitMinutes(Math.round(seconds / 60));
}

/** Seconds until the refused request may be repeated, kept current while the screen is open. */
function useSecondsUntilRetry(): number | null {
  const [seconds, setSeconds] = useState(secondsUntilRetry);
  useEffect(() => {
    const timer = setInterval(() => setSeconds(secondsUntilRetry()), 5000);
    return () => clearInterval(timer);
  }, []);
  return seconds;
}

export function TooManyRequestsPage() {
  const navigate = useNavigate();
  const seconds = useSecondsUntilRetry();
  // Back to the screen whose request was refused (the sign-in screens keep the e-mail typed there).
  const retry = () => void navigate(refusedFrom() ?? paths.home.getHref('active'), { replace: true });
  return (
    <ErrorScreen
      code={m.tooManyCode}
      title={m.tooManyTitle}
      text={`${m.tooManyText} ${waitText(seconds)}`}
      actions={
        <>
          <Button onClick={retry}>{m.retry}</Button>
          <Button component={Link} to={paths.home.getHref('active')} variant="default">
            {m.toHome}
          </Button>
        </>
      }
    />
  );
}
