import { replace } from 'react-router';
import { paths } from '../../../shared/paths';
import { getStaffToken } from '../../../shared/staff/session';
import { SignOutScreen } from '../../../shared/ui/sign-out-screen';
import { staffLogout } from '../api';
import { staffAuthMessages as m } from '../messages';

/**
 * /staff/logout's action: signing out is a POST of the app's own (the frame's «Выйти», this page's
 * button), which a link from another site cannot make. The session here ends even when the server
 * cannot be told (staffLogout), so a failure is only logged and the sign-in follows all the same.
 */
export async function action(): Promise<never> {
  try {
    await staffLogout();
  } catch (error) {
    console.error(m.logoutFailed, error);
  }
  throw replace(paths.staff.login.getHref());
}

/** The route's loader (staffLogoutLoader) has renewed a new tab's session from its cookie already. */
const signedIn = () => getStaffToken() !== null;

/** /staff/logout: at once from the frame's «Выйти», a question otherwise; a visitor goes to the sign-in. */
export default function StaffLogoutPage() {
  return (
    <SignOutScreen
      signedIn={signedIn}
      loginHref={paths.staff.login.getHref()}
      text={m.logoutText}
      back={{ href: paths.staff.root.getHref(), label: m.logoutBack }}
    />
  );
}
