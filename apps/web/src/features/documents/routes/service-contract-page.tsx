import { DocumentView } from '../components/document-view';
import { serviceContract } from '../content/service-contract';

export default function ServiceContractPage() {
  return <DocumentView document={serviceContract} />;
}
