import { SectionPlaceholder } from '../../../shared/ui/section-placeholder';

/** /bonus (issue 13): replaced by the screen. */
export default function Screen() {
  return <SectionPlaceholder title="Бонусы" />;
}
