import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import './ui/app.css';
import { installToolSearch } from './store/tool-search';

// Registers the 28-tool workspace and the search tool, and the request hook that adds the tools found so far.
installToolSearch();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
