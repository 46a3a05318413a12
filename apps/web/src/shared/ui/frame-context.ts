import { createContext, useContext } from 'react';

/** Whether a tree is already inside the MUI frame (theme and baseline styles). */
export const FrameContext = createContext(false);

export function useInsideFrame(): boolean {
  return useContext(FrameContext);
}
