import { replace } from 'react-router';
import { getAccessToken } from '../../../shared/auth/session';
import { paths } from '../../../shared/paths';
import { SignOutScreen } from '../../../shared/ui/sign-out-screen';
import { logout } from '../api';
import { logoutScreenMessages as m } from '../logout-messages';

/**
 * /logout's action: signing out is a POST of the app's own (its «Выйти», this page's button), which
 * a link from another site cannot make. Spec §8: a failed sign-out is logged and goes to /404.
 */
export async function action(): Promise<never> {
  try {
    await logout();
  } catch (error) {
    console.error('Не удалось выйти', error);
    throw replace(paths.notFound.path);
  }
  throw replace(paths.login.getHref());
}

function signedIn(): boolean {
  try {
    return getAccessToken() !== null;
  } catch {
    return false;
  }
}

/** /logout: at once from the cabinet's «Выйти», a question otherwise; a visitor goes to /login. */
export default function LogoutPage() {
  return (
    <SignOutScreen
      signedIn={signedIn}
      loginHref={paths.login.getHref()}
      text={m.text}
      back={{ href: paths.home.getHref(), label: m.back }}
    />
  );
}
