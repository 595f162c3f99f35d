import { firstName } from '../orders';

/** «Фамилия Имя Отчество» → «Имя Ф.»; «Имя Фамилия» → «Имя Ф.»; one word → it; none → «Друг». */
export function shortName(fio: string): string {
  const words = fio.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Друг';
  const name = firstName(fio);
  const surname = words.length >= 3 ? words[0] : words.length === 2 ? words[1] : undefined;
  return surname ? `${name} ${surname[0]!.toUpperCase()}.` : name;
}

/** «ivan.petrov@example.com» → «iv***@example.com». */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${email.slice(at)}`;
}
