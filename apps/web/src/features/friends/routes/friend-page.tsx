import { SectionPlaceholder } from '../../../shared/ui/section-placeholder';

/** /friend (issue 13): replaced by the screen. */
export default function Screen() {
  return <SectionPlaceholder title="Пригласить друга" />;
}
