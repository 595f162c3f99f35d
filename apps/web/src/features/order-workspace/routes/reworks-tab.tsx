import { reworkRequests } from '../components/request-kinds';
import { RequestTab } from '../components/request-views';

/** `/order/{id}/reworks`: ask for a rework while the guarantee runs, and follow each one. `?new=1` opens the form, `?open={rework}` one rework. */
export default function ReworksTab() {
  return <RequestTab kind={reworkRequests} />;
}
