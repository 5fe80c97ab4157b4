import { useQuery } from '@tanstack/react-query';
import type { HierarchyNode } from '../../schema/api/territories.ts';
import { flattenHierarchy } from '../../schema/rules/feudal.ts';

export const HIERARCHY_KEY = ['/api/territories/hierarchy'] as const;

export function useHierarchy() {
  return useQuery<HierarchyNode[]>({ queryKey: HIERARCHY_KEY });
}

export function findNode(roots: readonly HierarchyNode[], id: number): HierarchyNode | undefined {
  return flattenHierarchy(roots).find((node) => node.id === id);
}
