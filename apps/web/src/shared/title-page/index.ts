export { TitlePageButton } from './components/title-page-button';
