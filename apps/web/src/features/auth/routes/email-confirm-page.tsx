import { useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { EmailLinkScreen } from '../../../shared/ui/email-link-screen';
import { confirmEmail } from '../api';
import { authScreenMessages as m } from '../messages';

/**
 * Opened from a confirmation e-mail (registration, or a social sign-in's e-mail step), by visitors
 * and customers alike. Home sends a visitor on to /login.
 */
export default function EmailConfirmPage() {
  const [params] = useSearchParams();
  return (
    <EmailLinkScreen
      title={m.emailConfirmTitle}
      token={params.get('token') ?? ''}
      follow={confirmEmail}
      invalidMessage={m.emailConfirmInvalid}
      pendingMessage={m.emailConfirmPending}
      next={<AppLink to={paths.home.getHref()}>{m.toCabinet}</AppLink>}
    />
  );
}
