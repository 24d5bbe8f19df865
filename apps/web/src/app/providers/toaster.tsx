import 'react-toastify/ReactToastify.css';
import { useEffect } from 'react';
import { Slide, ToastContainer } from 'react-toastify/unstyled';
import { registerToastContainer, SUCCESS_AUTO_CLOSE_MS } from '@/lib/toast';

/** Loaded with the first toast (see lib/toast.ts). Per-kind close times are set by the helpers. */
export default function Toaster() {
  // Runs after ToastContainer's own effects (children first), so it is listening by then.
  useEffect(registerToastContainer, []);
  return (
    <ToastContainer
      position="top-right"
      autoClose={SUCCESS_AUTO_CLOSE_MS}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      draggable
      newestOnTop
      transition={Slide}
      theme="light"
    />
  );
}
