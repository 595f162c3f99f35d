import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../shared/format';
import { documentMessages as m } from '../messages';
import { useSupportPhone } from '../company';
import { withSupportPhone, type Clause, type LegalDocument } from '../model';
import { CompanyDetails } from './company-details';

function clauseText(clause: Clause): string {
  return typeof clause === 'string' ? clause : clause.text;
}

/** Renders a legal document with numbered sections and clauses and a table of contents. */
export function DocumentView({ document: doc }: { document: LegalDocument }) {
  const phone = useSupportPhone()?.label ?? null;
  return (
    <Stack gap="lg" component="article">
      <Stack gap={4}>
        {/* Long Russian words («Пользовательское») must fit a 360 px screen unbroken. */}
        <Title order={1} fz={{ base: 24, sm: 34 }}>
          {doc.title}
        </Title>
        {doc.subtitle && <Text fw={500}>{doc.subtitle}</Text>}
        <Text size="sm" c="dimmed">
          {m.edition(formatDate(`${doc.edition}T12:00:00`))}
        </Text>
      </Stack>

      {doc.intro.map((p) => (
        <Text key={p}>{p}</Text>
      ))}

      <CompanyDetails heading={doc.operatorHeading} />

      <nav aria-labelledby="document-contents">
        <Title order={2} size="h4" id="document-contents" mb="xs">
          {m.contents}
        </Title>
        <List type="ordered" spacing={4} size="sm">
          {doc.sections.map((s, i) => (
            <List.Item key={s.title}>
              <Anchor href={`#section-${i + 1}`}>{s.title}</Anchor>
            </List.Item>
          ))}
        </List>
      </nav>

      {doc.sections.map((section, i) => {
        const n = i + 1;
        return (
          <Stack key={section.title} gap="sm" component="section" aria-labelledby={`section-${n}`}>
            <Title order={2} size="h3" id={`section-${n}`} style={{ scrollMarginTop: 16 }}>
              {n}. {section.title}
            </Title>
            {section.clauses.map((clause, k) => (
              <Stack key={clauseText(clause)} gap={6}>
                <Text>
                  <Text span fw={600}>
                    {n}.{k + 1}.
                  </Text>{' '}
                  {withSupportPhone(clauseText(clause), phone)}
                </Text>
                {typeof clause !== 'string' && (
                  <List spacing={4} withPadding>
                    {clause.items.map((item) => (
                      <List.Item key={item}>{item}</List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
