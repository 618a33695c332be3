import { create } from 'zustand';

/** Short messages at the bottom of the window; one may carry an action such as Undo. */
export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error';
  action?: { label: string; run: () => void } | undefined;
}

interface ToastStore {
  toasts: Toast[];
  show: (text: string, options?: { tone?: Toast['tone']; action?: Toast['action']; ms?: number }) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToasts = create<ToastStore>((set, get) => ({
  toasts: [],
  show: (text, options = {}) => {
    const id = nextId++;
    const toast: Toast = { id, text, tone: options.tone ?? 'info', action: options.action };
    set({ toasts: [...get().toasts.slice(-3), toast] });
    // Errors stay longer: they are the ones a person needs time to read.
    const ms = options.ms ?? (toast.tone === 'error' ? 8000 : 4000);
    setTimeout(() => get().dismiss(id), ms);
    return id;
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));

export const showError = (text: string) => useToasts.getState().show(text, { tone: 'error' });
