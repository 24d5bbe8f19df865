import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** Back to the previous page, like the browser's button; home when there is none (a new tab). */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default' || window.history.length > 1) navigate(-1);
    else navigate(paths.home.getHref());
  };
}
