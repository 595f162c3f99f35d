import { useMatches } from 'react-router';
import { deepestHandle } from '../../../shared/route-handle';
import { SectionPlaceholder } from '../../../shared/ui/section-placeholder';

// Seam for issue 12: replaced by its screen.
export default function Screen() {
  return <SectionPlaceholder title={deepestHandle(useMatches())?.title ?? ''} />;
}
