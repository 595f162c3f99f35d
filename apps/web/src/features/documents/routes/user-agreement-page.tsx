import { DocumentView } from '../components/document-view';
import { userAgreement } from '../content/user-agreement';

export default function UserAgreementPage() {
  return <DocumentView document={userAgreement} />;
}
