import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The system check pages' words and their menu entries', in Portuguese: found by their place and
 * merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    menu: {
        system_check: 'Verificação do sistema',
        system_check_beta: 'Verificação do sistema (beta)',
    },
    system: {
        title: 'Verificação do sistema',
        title_beta: 'Verificação do sistema e funcionalidades beta',
        intro: 'Execute esta verificação quando o portal falhar numa loja: cada linha diz o que funciona, o que está lento e o que falha.',
        run_again: 'Verificar de novo',
        checking: 'A verificar…',
        device_title: 'Este telefone e a sua ligação',
        services_title: 'Serviços externos',
        states: { ok: 'Em ordem', warning: 'Atenção', failed: 'Falhou' },
        latency: {
            title: 'Ligação ao servidor',
            ok: 'Os %{total} pedidos tiveram resposta: normalmente em %{median} ms, o mais lento em %{max} ms.',
            some_failed:
                '%{failed} de %{total} pedidos falharam; os restantes demoraram normalmente %{median} ms, no máximo %{max} ms. A ligação é instável.',
            slow: 'Os %{total} pedidos tiveram resposta, mas devagar: normalmente em %{median} ms, o mais lento em %{max} ms. Os ecrãs e os códigos vão fazê-lo esperar.',
            unreachable: 'Nenhum dos %{total} pedidos chegou ao servidor. Verifique os dados móveis ou o Wi-Fi do telefone.',
        },
        version: {
            title: 'Versões do portal e do servidor',
            same: 'Ambos estão na versão %{portal}.',
            different:
                'Esta página está na versão %{portal} e o servidor na %{server}: recarregue a página para obter o portal atual.',
        },
        clock: {
            title: 'Relógio do telefone',
            ok: 'Acertado com o relógio do servidor, com %{seconds} s de diferença.',
            ahead: 'O relógio do telefone está %{seconds} s adiantado em relação ao do servidor: ative a data e hora automáticas. Os códigos e o início de sessão podem falhar.',
            behind: 'O relógio do telefone está %{seconds} s atrasado em relação ao do servidor: ative a data e hora automáticas. Os códigos e o início de sessão podem falhar.',
        },
        storage: {
            title: 'Armazenamento neste navegador',
            ok: 'O portal consegue guardar aqui a sua sessão e uma venda em curso.',
            mismatch: 'O que foi escrito não pôde ser lido de volta: uma venda em curso não será guardada.',
            not_removed: 'Não foi possível apagar um valor de teste: o armazenamento deste navegador não funciona bem.',
            refused:
                'Este navegador recusa guardar dados (janela privada ou armazenamento cheio): a sessão e uma venda em curso não serão guardadas.',
        },
        tab_lock: {
            title: 'Um separador de cada vez',
            ok: 'Este separador é o ativo: os outros separadores do portal neste navegador mostram “Página bloqueada”.',
            not_held: 'Este separador não é o ativo: feche os outros separadores do portal e recarregue.',
        },
        server: {
            unreachable:
                'Não foi possível ler a verificação do próprio servidor: a ligação falhou ou o seu grupo não tem esta função.',
        },
        sms: {
            title: 'Serviço de envio de SMS',
            outbox: 'Nenhum serviço de SMS está ligado: as mensagens ficam na caixa de saída. Última mensagem %{when}; %{count} na última hora.',
            outbox_none:
                'Nenhum serviço de SMS está ligado: as mensagens ficam na caixa de saída. Ainda nenhuma mensagem; %{count} na última hora.',
            gateway: 'Última mensagem enviada %{when}; %{count} na última hora.',
            gateway_none: 'Ainda nenhuma mensagem enviada; %{count} na última hora.',
        },
        providers: {
            title: 'Fornecedores de bloqueio',
            one: 'Fornecedor de bloqueio %{name}',
            simulator:
                'Simulado: nenhum serviço externo está ligado. %{waiting} comandos em espera, %{failed} recusados no último dia.',
            live: 'Ligado. %{waiting} comandos em espera, %{failed} recusados no último dia.',
        },
        beta: {
            title: 'Funcionalidades beta',
            intro: 'Experimente-as antes de chegarem a todos. Cada uma muda apenas o aspeto do portal para si, neste dispositivo; nenhuma abre o que as suas funções não permitem.',
        },
    },
} satisfies TranslationOf<typeof en>;

export default pt;
