import { createRoot } from 'react-dom/client';

function Placeholder() {
  return <main>Кабинет студента</main>;
}

createRoot(document.getElementById('root')!).render(<Placeholder />);
