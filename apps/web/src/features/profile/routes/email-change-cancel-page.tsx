import { useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { EmailLinkScreen } from '../../../shared/ui/email-link-screen';
import { cancelEmailChange } from '../api';
import { profileMessages as m } from '../messages';

/**
 * Opened from the notice e-mailed to the old address. Stopping the change also ends every session,
 * this browser's included, so the way on is the sign-in screen.
 */
export default function EmailChangeCancelPage() {
  const [params] = useSearchParams();
  return (
    <EmailLinkScreen
      title={m.emailChangeCancelTitle}
      token={params.get('token') ?? ''}
      follow={cancelEmailChange}
      invalidMessage={m.emailChangeCancelInvalid}
      pendingMessage={m.emailChangeCancelPending}
      next={<AppLink to={paths.login.getHref()}>{m.toLogin}</AppLink>}
    />
  );
}
