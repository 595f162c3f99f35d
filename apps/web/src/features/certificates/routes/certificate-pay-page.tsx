import { SectionPlaceholder } from '../../../shared/ui/section-placeholder';

/** /certificate/{id}/pay (issue 13): replaced by the screen. */
export default function Screen() {
  return <SectionPlaceholder title="Оплата сертификата" />;
}
