import { DocumentView } from '../components/document-view';
import { privacyPolicy } from '../content/privacy-policy';

export default function PrivacyPolicyPage() {
  return <DocumentView document={privacyPolicy} />;
}
