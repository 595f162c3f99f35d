import { SectionPlaceholder } from '../../../shared/ui/section-placeholder';

/** /certificates (issue 13): replaced by the screen. */
export default function Screen() {
  return <SectionPlaceholder title="Сертификаты" />;
}
