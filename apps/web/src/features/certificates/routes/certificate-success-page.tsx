import { SectionPlaceholder } from '../../../shared/ui/section-placeholder';

/** /certificate/{id}/success (issue 13): replaced by the screen. */
export default function Screen() {
  return <SectionPlaceholder title="Сертификат оплачен" />;
}
