import { SectionPlaceholder } from '../../../shared/ui/section-placeholder';

/** /certificates-terms-of-composable (issue 13): replaced by the screen. */
export default function Screen() {
  return <SectionPlaceholder title="Условия использования сертификатов" />;
}
