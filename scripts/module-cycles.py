# Module dependency graph of each crate, from its paths (crate::, super::, child::), and its
# cycles: `python3 scripts/module-cycles.py src crates/engine/src crates/simulation/src` exits 1
# when a module and another use each other, directly or through others.
import re,glob,os,sys
def modname(root,f):
    rel=os.path.relpath(f,root)[:-3]
    parts=rel.split('/')
    if parts[-1] in('mod','lib','main'): parts=parts[:-1]
    return '::'.join(parts)
def graph(root):
    files={modname(root,f):f for f in glob.glob(root+'/**/*.rs',recursive=True)}
    mods=set(files)
    G={}
    for m,f in files.items():
        s=open(f).read()
        s=re.sub(r'#\[cfg\(test\)\]\s*mod tests \{.*','',s,flags=re.S)
        s=re.sub(r'//.*','',s)
        paths=[]
        for p in re.findall(r'\bcrate::((?:[a-z_]+::)*[a-zA-Z_]+)',s): paths.append(p.split('::'))
        parent=m.rsplit('::',1)[0] if '::' in m else ''
        for p in re.findall(r'\bsuper::((?:[a-z_]+::)*[a-zA-Z_{]+)',s):
            paths.append((parent.split('::') if parent else [])+p.split('::'))
        for child in [c for c in mods if c.startswith(m+'::' if m else '') and c.count('::')==(m.count('::')+1 if m else 0)]:
            short=child.rsplit('::',1)[-1]
            if re.search(r'(?<![:\w])%s::'%short,s): paths.append(child.split('::'))
        out=set()
        for parts in paths:
            for k in range(len(parts),-1,-1):
                c='::'.join(parts[:k])
                if c in mods or c=='':
                    if c!=m and not m.startswith(c+'::') and c!='': out.add(c)
                    elif c!=m and c!='' : out.add(c)
                    break
        out.discard(m)
        G[m or 'crate']=out
    return G
def cycles(G):
    res=set()
    def dfs(n,stack):
        for d in G.get(n,()):
            if d in stack: res.add(tuple(stack[stack.index(d):]+[d]))
            elif len(stack)<12: dfs(d,stack+[d])
    for n in G: dfs(n,[n])
    return res
found=0
for root in sys.argv[1:]:
    G=graph(root)
    cs=cycles(G)
    found+=len(cs)
    print(root, 'modules', len(G), 'cycles', len(cs))
    for c in sorted(cs)[:10]: print('  ',' -> '.join(c))
sys.exit(1 if found else 0)
