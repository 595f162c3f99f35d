import { careRequests } from '../components/request-kinds';
import { RequestTab } from '../components/request-views';

/** `/order/{id}/care`: questions and complaints to the quality-care service. `?new=1` opens the form, `?open={care}` a thread. */
export default function CareTab() {
  return <RequestTab kind={careRequests} />;
}
